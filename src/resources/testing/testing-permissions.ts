import { useMemo } from "react";
import { useCanOnRecord } from "../../providers/ability";
import { useApplication } from "../applications/detail/application-api";
import { testingRecord } from "./task-api";

export interface TestingPermissions {
  /** Starts a test (and uploads its file). */
  canCreate: boolean;
  /** Sends a failed test back to the queue, or its scored file. */
  canUpdate: boolean;
  canDelete: boolean;
}

/**
 * What the user may do with the application's tests, by the same `TestingTask` rules the API applies: checked
 * against the application (the page's own read of it), which says the groups it belongs to. Nothing until it is known.
 */
export function useTestingPermissions(applicationId: string): TestingPermissions {
  const canOn = useCanOnRecord();
  const { result: application } = useApplication(applicationId);
  return useMemo(() => {
    if (!application) return { canCreate: false, canUpdate: false, canDelete: false };
    const record = testingRecord(application);
    return {
      canCreate: canOn("create", "TestingTask", record),
      canUpdate: canOn("update", "TestingTask", record),
      canDelete: canOn("delete", "TestingTask", record),
    };
  }, [application, canOn]);
}
