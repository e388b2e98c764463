import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP proxy in front of real servers. With several targets it is a load balancer without stickiness:
 * each request goes to the next one in turn, whatever connection or session it comes on. A test can make it answer
 * every request with a server error instead, as AWS does when a service fails on its side.
 */
export interface HttpProxy {
  origin: string;
  port: number;
  /** How many requests each target has been sent, in the order of the targets. */
  served: number[];
  /** Answer every request with this 5xx (an AWS-shaped error body) until called with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** The error body AWS's JSON protocols (Cognito: an X-Amz-Target header) or its XML ones (S3) would send. */
function awsError(request: http.IncomingMessage, status: number): { type: string; body: string } {
  const message = `injected ${status} from the test's proxy`;
  if (request.headers["x-amz-target"]) return { type: "application/x-amz-json-1.1", body: JSON.stringify({ __type: "InternalErrorException", message }) };
  return { type: "application/xml", body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>${message}</Message></Error>` };
}

/** `port`: where to listen (one chosen beforehand, so the targets can be told their public origin); any free one otherwise. */
export async function startHttpProxy(targets: string[], port = 0): Promise<HttpProxy> {
  const served = targets.map(() => 0);
  let next = 0;
  let failing: number | null = null;
  const server = http.createServer((request, response) => {
    if (failing !== null) {
      request.resume();
      const { type, body } = awsError(request, failing);
      response.writeHead(failing, { "content-type": type, "access-control-allow-origin": request.headers.origin ?? "*" }).end(body);
      return;
    }
    const index = next++ % targets.length;
    served[index]++;
    const target = new URL(targets[index]);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // A target that is down looks down through the proxy too: the connection drops, as it would to the target itself.
    upstream.on("error", () => request.socket.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${listening}`,
    port: listening,
    served,
    failWith(status) {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
