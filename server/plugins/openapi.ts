import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { completedDocument } from "./openapi-document";

/** OpenAPI generated from the routes' zod schemas: UI at /v2/docs, document at /v2/openapi.json. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: "Steward API", description: "AI governance and risk management.", version: "2" },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
        security: [{ bearer: [] }],
        // Every path carries its /v2 prefix: the API is served from this instance's own origin.
        servers: [{ url: "/", description: "This Steward instance" }],
      },
      transform: jsonSchemaTransform,
      transformObject: (document) => ("openapiObject" in document ? completedDocument(document.openapiObject) : document.swaggerObject),
      hideUntagged: false,
    });
    await app.register(swaggerUi, { routePrefix: "/v2/docs", staticCSP: true });
    app.get("/v2/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
