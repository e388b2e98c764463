import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";

/**
 * Cognito answers `ResourceNotFoundException: Device does not exist.` when the device Amplify remembered has been
 * forgotten on the server (or the pool was recreated). Amplify keeps sending it until its stored device data
 * (deviceKey, deviceGroupKey, randomPasswordKey) is gone, so that data is cleared and the call tried once more.
 */
export function isDeviceNotFound(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return e?.name === "ResourceNotFoundException" && /device does not exist/i.test(e.message ?? "");
}

export async function withDeviceRetry<T>(username: string | undefined, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isDeviceNotFound(error)) throw error;
    const orchestrator = cognitoUserPoolsTokenProvider.tokenOrchestrator;
    // Stored under the pool's name for the user, which may differ from what was typed (an e-mail): clear both.
    if (username) await orchestrator.clearDeviceMetadata(username);
    await orchestrator.clearDeviceMetadata();
    return call();
  }
}
