/** A value as one single-quoted shell word, so any character in it survives pasting. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The client-credentials exchange (HTTP Basic, grant_type=client_credentials), ready to paste into a shell. */
export function curlExample(clientId: string, clientSecret: string, tokenUrl: string): string {
  return [
    `CLIENT_ID=${shellQuote(clientId)}`,
    `CLIENT_SECRET=${shellQuote(clientSecret)}`,
    `curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials ${shellQuote(tokenUrl)}`,
  ].join("\n");
}
