import { GetUserCommand } from "@aws-sdk/client-cognito-identity-provider";
import { callService } from "../../aws/unavailable";
import { cognitoClient, type CognitoLocation } from "../cognito-client";
import type { Db } from "../../db/client";
import type { AccessClaims } from "../verifier";
import type { ProviderStore } from "./providers";
import { federatedClaims, federatedUser } from "./provisioning";

/** A federated pool user's attributes, as Cognito keeps them (mapped from the provider's claims). */
export type ProfileReader = (accessToken: string) => Promise<Record<string, string>>;

/** Cognito's GetUser with the user's own access token (the hosted sign-in asks for the scope it needs). */
export function cognitoProfileReader(location: CognitoLocation): ProfileReader {
  const client = cognitoClient(location);
  return async (accessToken) => {
    const answer = await callService("identity", () => client.send(new GetUserCommand({ AccessToken: accessToken })));
    return Object.fromEntries((answer.UserAttributes ?? []).map((a) => [a.Name ?? "", a.Value ?? ""]));
  };
}

/** Cognito names a federated pool user `<provider name>_<the provider's subject>`. */
const FEDERATED_USERNAME = /^([0-9a-f]{32})_/i;

/**
 * With Cognito, a federated person's first call to the API: the pool made their user when the provider signed
 * them in, Steward makes their account now (or refuses, as the local service would). Answers whether the caller
 * is now a Steward user; throws FederatedUserRefused with the reason otherwise.
 */
export async function cognitoFirstSignIn(db: Db, providers: ProviderStore, claims: AccessClaims, accessToken: string, readProfile: ProfileReader): Promise<boolean> {
  const name = FEDERATED_USERNAME.exec(claims.username ?? "")?.[1];
  const provider = name ? await providers.byHostedName(name) : undefined;
  if (!provider?.enabled) return false;
  const attributes = await readProfile(accessToken);
  const person = federatedClaims(provider, await providers.domains(provider.id), attributes);
  await federatedUser(db, provider, person, claims.sub);
  return true;
}
