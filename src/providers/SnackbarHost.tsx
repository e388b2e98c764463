import { lazy, Suspense, useEffect, useState } from "react";
import { useCurrentToast } from "./notifications";

const SnackbarView = lazy(() => import("./SnackbarView"));

/** The snackbar's MUI parts load with the first notification, not with the sign-in page. */
export function SnackbarHost() {
  const toast = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toast) setNeeded(true);
  }, [toast]);
  if (!needed && !toast) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarView />
    </Suspense>
  );
}
