/**
 * `npm run aws:setup -- [--endpoint URL] [--region R] [--public-url URL] [--bucket NAME] [--pool-name NAME] [--file .env] [--print]`
 *
 * Makes what production mode needs — a Cognito user pool with its app client, and an S3 bucket — on AWS (the SDK's
 * credentials) or on an AWS-compatible endpoint such as `moto_server`, then writes the settings that point Steward
 * at them into the env file (or only prints them with --print). `npm start` then runs in production mode, and
 * seeds the demo users into the pool when its database is new.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { withSettings } from "./aws/env-file";
import { provision } from "./aws/provision";

const USAGE = "usage: npm run aws:setup -- [--endpoint http://127.0.0.1:5000] [--region us-east-1] [--public-url http://localhost:8080] [--bucket steward-files] [--pool-name steward] [--file .env] [--print]";

async function main() {
  const { values } = parseArgs({
    options: {
      endpoint: { type: "string" },
      region: { type: "string" },
      "public-url": { type: "string" },
      bucket: { type: "string" },
      "pool-name": { type: "string" },
      file: { type: "string", default: ".env" },
      print: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  const envFile = values.file;
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const endpoint = values.endpoint?.replace(/\/+$/, "");
  const region = values.region ?? process.env.COGNITO_REGION ?? process.env.AWS_REGION ?? "us-east-1";
  const publicUrl = values["public-url"] ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
  // moto takes any credentials; Steward's own SDK calls need some to sign with.
  const motoCredentials: Record<string, string> = endpoint && !process.env.AWS_ACCESS_KEY_ID ? { AWS_ACCESS_KEY_ID: "test", AWS_SECRET_ACCESS_KEY: "test" } : {};
  Object.assign(process.env, motoCredentials);

  console.log(`Making the Cognito user pool, its app client and the S3 bucket on ${endpoint ?? `AWS (${region})`}…`);
  const made = await provision({ region, endpoint, publicUrl, bucket: values.bucket, poolName: values["pool-name"] });
  const settings: Record<string, string> = { ...made.env, ...motoCredentials };
  // A database seeded for the built-in sign-in has users Cognito does not know: production mode gets its own.
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) settings.DATA_DIR = "./.data-aws";
  console.log(`User pool ${made.poolId}, app client ${made.clientId}, bucket ${made.bucket} (CORS: POST from ${new URL(publicUrl).origin}).`);

  if (values.print) {
    console.log(Object.entries(settings).map(([key, value]) => `${key}=${value}`).join("\n"));
    return;
  }
  writeFileSync(envFile, withSettings(existsSync(envFile) ? readFileSync(envFile, "utf8") : "", settings));
  console.log(`Wrote ${Object.keys(settings).join(", ")} to ${envFile}.`);
  console.log(
    process.env.DATABASE_URL
      ? "Next: npm run db:seed (the demo company, its users made in the pool), then npm start."
      : "Next: npm start (a new database seeds the demo company, its users made in the pool).",
  );
}

main().catch((error: unknown) => {
  const e = error as Error;
  const hint = e.name === "CredentialsProviderError" ? " Set AWS credentials (AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)." : "";
  console.error(`aws:setup failed: ${e.name}: ${e.message}.${hint}\n${USAGE}`);
  process.exit(1);
});
