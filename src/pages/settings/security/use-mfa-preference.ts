import { useCallback, useEffect, useState } from "react";
import { fetchMFAPreference, updateMFAPreference, type UpdateMFAPreferenceInput } from "aws-amplify/auth";

export interface MfaPreference {
  totp: boolean;
  email: boolean;
  preferred: "TOTP" | "EMAIL" | "SMS" | null;
}

/** The user's own factors as the identity service has them (GetUser), read again after every change. */
export function useMfaPreference() {
  const [state, setState] = useState<MfaPreference | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      const { enabled = [], preferred } = await fetchMFAPreference();
      setState({ totp: enabled.includes("TOTP"), email: enabled.includes("EMAIL"), preferred: preferred ?? null });
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Sends the change; the state is read back either way, so what is shown is what is stored. */
  const update = useCallback(
    async (input: UpdateMFAPreferenceInput) => {
      try {
        await updateMFAPreference(input);
      } finally {
        await reload();
      }
    },
    [reload],
  );

  return { state, error, reload, update };
}
