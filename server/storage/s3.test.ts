import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { S3Storage } from "./s3";

const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "session-token-example" };
const key = "11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222/33333333-3333-4333-8333-333333333333";
const hmac = (secret: string | Buffer, data: string) => createHmac("sha256", secret).update(data).digest();

/** SigV4 for a POST policy, computed independently of the SDK: the signature S3 itself would check. */
function sigV4(policy: string, date: string, region: string) {
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), "s3"), "aws4_request");
  return hmac(signingKey, policy).toString("hex");
}

describe("the S3 driver's presigned POST (no network)", () => {
  it("binds bucket, key, size range, Content-Type and credentials, and is signed with SigV4", async () => {
    const storage = new S3Storage({ bucket: "steward-docs", region: "eu-west-1", credentials });
    const { url, fields } = await storage.presignUpload({ key, maxBytes: 25 * 1024 * 1024, contentType: "application/pdf", expiresInSeconds: 900 });
    expect(url).toBe("https://steward-docs.s3.eu-west-1.amazonaws.com/");
    expect(fields).toMatchObject({
      key,
      bucket: "steward-docs",
      "Content-Type": "application/pdf",
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Security-Token": credentials.sessionToken,
    });
    const date = fields["X-Amz-Date"].slice(0, 8);
    expect(fields["X-Amz-Credential"]).toBe(`${credentials.accessKeyId}/${date}/eu-west-1/s3/aws4_request`);

    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 25 * 1024 * 1024],
        { key },
        { bucket: "steward-docs" },
        { "Content-Type": "application/pdf" },
        { "X-Amz-Credential": fields["X-Amz-Credential"] },
        { "X-Amz-Security-Token": credentials.sessionToken },
      ]),
    );
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(880_000);
    expect(lifetime).toBeLessThanOrEqual(900_000);

    expect(fields["X-Amz-Signature"]).toBe(sigV4(fields.Policy, date, "eu-west-1"));
    // A policy changed by the browser no longer matches the signature.
    const widened = Buffer.from(JSON.stringify({ ...policy, conditions: [["content-length-range", 1, 1e12]] })).toString("base64");
    expect(sigV4(widened, date, "eu-west-1")).not.toBe(fields["X-Amz-Signature"]);
  });

  it("posts to an S3-compatible endpoint path-style and leaves Content-Type out when not given", async () => {
    const storage = new S3Storage({ bucket: "docs", region: "us-east-1", endpoint: "http://minio.local:9000", credentials });
    const { url, fields } = await storage.presignUpload({ key, maxBytes: 1000, expiresInSeconds: 60 });
    expect(url).toBe("http://minio.local:9000/docs");
    expect(fields["Content-Type"]).toBeUndefined();
    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 1000]);
  });
});

describe("the S3 driver's own writes (a loopback S3 endpoint that records what arrives)", () => {
  it("puts a generated file under its key with its content type, signed with the credentials", async () => {
    const arrived: { method?: string; url?: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        arrived.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(200, { ETag: '"etag"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const storage = new S3Storage({ bucket: "steward-docs", region: "eu-west-1", endpoint: `http://127.0.0.1:${port}`, credentials });
      const bytes = Buffer.from("prompt_id,response\n1,Yes\n");
      await storage.put(key, bytes, "text/csv");
      expect(arrived).toHaveLength(1);
      const [put] = arrived;
      expect(put.method).toBe("PUT");
      expect(new URL(put.url!, "http://s3").pathname).toBe(`/steward-docs/${key}`);
      expect(put.headers["content-type"]).toBe("text/csv");
      expect(String(put.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request/);
      expect(put.body.toString("utf8")).toContain("prompt_id,response\n1,Yes\n");
    } finally {
      server.close();
    }
  });
});
