/** The browser's own identifier for flag evaluation, kept across sessions on this device. */
const CLIENT_ID_KEY = "steward.flags.client-id";

/** Made on first use; sent to the flag service in the context and to the API as `X-Client-Id`, so both evaluate alike. */
export function flagClientId(): string {
  let id = localStorage.getItem(CLIENT_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(CLIENT_ID_KEY, id);
  }
  return id;
}
