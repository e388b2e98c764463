import { useEffect } from "react";
import { useNavigate } from "react-router";
import { LinearProgress } from "@mui/material";
import { clearSession } from "../../providers/auth-provider";

/** /auth/signout/: signs out, then on to /signin. */
export default function SignOutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void clearSession()
      .catch(() => {})
      .finally(() => navigate("/signin", { replace: true }));
  }, [navigate]);
  return <LinearProgress />;
}
