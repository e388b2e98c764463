import { Amplify } from "aws-amplify";

/**
 * Cognito answers `ResourceNotFoundException: Device does not exist.` when the device Amplify remembered has been
 * forgotten on the server (or the pool was recreated). Amplify keeps sending it until its stored device data
 * (deviceKey, deviceGroupKey, randomPasswordKey) is gone, so that data is cleared and the call tried once more.
 */
export function isDeviceNotFound(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return e?.name === "ResourceNotFoundException" && /device does not exist/i.test(e.message ?? "");
}

/** Amplify's own storage keys (its token store's `CognitoIdentityServiceProvider.<client>.<user>.*`). */
const DEVICE_ITEMS = ["deviceKey", "deviceGroupKey", "randomPasswordKey"];

/**
 * Cleared here rather than through Amplify's token orchestrator: importing that from `aws-amplify/auth/cognito` adds
 * its whole index to every page. Stored under the pool's name for the user, which may differ from what was typed
 * (an e-mail), so the last signed-in user's are cleared too.
 */
export function clearStoredDevice(username: string | undefined): void {
  const clientId = Amplify.getConfig().Auth?.Cognito?.userPoolClientId;
  if (!clientId) return;
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const users = new Set([username, localStorage.getItem(`${prefix}.LastAuthUser`)].filter((u): u is string => Boolean(u)));
  for (const user of users) for (const item of DEVICE_ITEMS) localStorage.removeItem(`${prefix}.${user}.${item}`);
}

export async function withDeviceRetry<T>(username: string | undefined, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isDeviceNotFound(error)) throw error;
    clearStoredDevice(username);
    return call();
  }
}
