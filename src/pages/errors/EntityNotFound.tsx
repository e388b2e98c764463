import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Button } from "@mui/material";
import { MessagePage } from "./MessagePage";

export interface EntityNotFoundProps {
  title: string;
  /** Why it may be missing, e.g. "deleted, or not shared with you". */
  children?: ReactNode;
  /** Where the back button goes, e.g. the entity's list. */
  backTo: string;
  backLabel: string;
}

/** The 404 page of a missing route or entity: what is missing and a way back. */
export function EntityNotFound({ title, children, backTo, backLabel }: EntityNotFoundProps) {
  return (
    <MessagePage
      code="404"
      title={title}
      action={
        <Button variant="contained" component={RouterLink} to={backTo}>
          {backLabel}
        </Button>
      }
    >
      {children}
    </MessagePage>
  );
}
