import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, Db } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Hands the opened database to the routes and closes it when the app closes (after in-flight requests). */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
    app.addHook("onClose", async () => {
      await opts.database.close();
    });
  },
  { name: "db" },
);
