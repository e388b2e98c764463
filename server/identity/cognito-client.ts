import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { AWS_REQUEST_HANDLER } from "../aws/unavailable";

/** Where Steward reaches the user pool: its region, and an endpoint other than AWS's when configured. */
export interface CognitoLocation {
  region: string;
  /** COGNITO_ENDPOINT (moto, a private endpoint); AWS's regional endpoint when absent. */
  endpoint?: string;
}

/** The SDK client every server-side Cognito call goes through, with credentials from the SDK's default chain. */
export function cognitoClient(location: CognitoLocation): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: location.region,
    requestHandler: AWS_REQUEST_HANDLER,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
  });
}
