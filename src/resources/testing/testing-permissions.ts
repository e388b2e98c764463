import { useMemo } from "react";
import { useCanOnRecord } from "../../providers/ability";
import { testingRecord } from "./task-api";

export interface TestingPermissions {
  /** Starts a test (and uploads its file). */
  canCreate: boolean;
  /** Sends a failed test back to the queue, or its scored file. */
  canUpdate: boolean;
  canDelete: boolean;
}

/** What the user may do with the application's tests, by the same `TestingTask` rules the API applies. */
export function useTestingPermissions(applicationId: string): TestingPermissions {
  const canOn = useCanOnRecord();
  return useMemo(() => {
    const record = testingRecord(applicationId);
    return {
      canCreate: canOn("create", "TestingTask", record),
      canUpdate: canOn("update", "TestingTask", record),
      canDelete: canOn("delete", "TestingTask", record),
    };
  }, [applicationId, canOn]);
}
