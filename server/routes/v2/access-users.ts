import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  resetTemporaryPasswordSchema,
  userCreateSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListResponseSchema,
  userSchema,
  userUpdateSchema,
} from "../../../domain/entities/user";
import { changeUser, deleteUser, emailTaken, findUser, findUserByIdOrEmail, insertUser, listUsers, userList, withRoles, type UserRow } from "../../access/users";
import { USER_EXPORT_COLUMNS } from "../../access/export-columns";
import { listBatches } from "../../db/list";
import { listExportRoute } from "../../exports/route";
import { actorOf } from "../../audit/record";
import { IdentityAdminError } from "../../identity/admin";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { conflict, notFound, problemResponses, versionedWriteResponses } from "../../plugins/problem";

/** Manage Users: Administrator only, always inside the caller's company. */
export default async function accessUsersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "User", "Only an Administrator can manage users.");
  });

  app.get(
    "/access/users",
    {
      schema: {
        tags: ["access"],
        summary: "The company's users",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listUsers(db(), companyOf(request), request.query),
  );

  listExportRoute(root, {
    url: "/access/users/export",
    tags: ["access"],
    what: "The company's users",
    querystring: userListQuerySchema,
    columns: USER_EXPORT_COLUMNS,
    title: "users.title",
    source: (request, query) => ({ name: "users", rows: listBatches(userList(db(), companyOf(request), query), query.sort) }),
  });

  app.get(
    "/access/users/:user_id",
    {
      schema: { tags: ["access"], summary: "One user", params: userIdParamsSchema, response: { 200: userSchema, ...problemResponses } },
    },
    async (request) => {
      const [user] = await withRoles(db(), [await findUser(db(), companyOf(request), request.params.user_id)]);
      return user;
    },
  );

  app.post(
    "/access/users",
    {
      schema: {
        tags: ["access"],
        summary: "Invite a user (a temporary password is e-mailed)",
        body: userCreateSchema,
        response: { 201: userSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { email, first_name, last_name, language } = request.body;
      const duplicate = () => conflict("A user with this e-mail already exists.", [{ path: "email", message: "validation.emailTaken" }]);
      if (await emailTaken(db(), email)) throw duplicate();
      let sub: string;
      try {
        ({ sub } = await root.identity.admin.createUser({ email }));
      } catch (error) {
        if (error instanceof IdentityAdminError && error.problem === "user_exists") throw duplicate();
        throw error;
      }
      let row: UserRow;
      try {
        row = await insertUser(db(), { companyId: companyOf(request), sub, email, firstName: first_name, lastName: last_name, language });
      } catch (error) {
        // Keep the identity store and the API in step: no identity user without an API user.
        await root.identity.admin.deleteUser(email).catch(() => {});
        throw error;
      }
      const [user] = await withRoles(db(), [row]);
      return reply.code(201).send(user);
    },
  );

  app.patch(
    "/access/users/:user_id",
    {
      schema: {
        tags: ["access"],
        summary: "Change a user's name or language",
        description: WRITE_PRECONDITION,
        params: userIdParamsSchema,
        body: userUpdateSchema,
        response: { 200: userSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(userIdParamsSchema, (request, params) => findUser(db(), companyOf(request), params.user_id)),
    },
    async (request, reply) => {
      const current = await findUser(db(), companyOf(request), request.params.user_id);
      const row = await changeUser(db(), current, request.body, expectedVersions(request));
      const [user] = await withRoles(db(), [row]);
      return withEtag(reply, user);
    },
  );

  app.delete(
    "/access/users/:user_id",
    {
      schema: { tags: ["access"], summary: "Delete a user and their sign-in", params: userIdParamsSchema, response: { 204: z.null(), ...problemResponses } },
    },
    async (request, reply) => {
      const target = await findUser(db(), companyOf(request), request.params.user_id);
      if (target.id === request.user.id) throw conflict("You cannot delete your own user; ask another Administrator.");
      const deleteSignIn = async () => {
        try {
          await root.identity.admin.deleteUser(target.email);
        } catch (error) {
          // Already gone (an earlier attempt that did not commit, or the pool's console): the goal is met.
          if (!(error instanceof IdentityAdminError && error.problem === "user_not_found")) throw error;
        }
      };
      if (root.identity.mode === "cognito") {
        // Another system: its user goes inside the transaction, so Cognito being down leaves both as they were (a 503).
        await deleteUser(db(), actorOf(request.user), target, deleteSignIn);
        return reply.code(204).send(null);
      }
      await deleteUser(db(), actorOf(request.user), target);
      // After the commit: the local identity store shares the database (and PGlite its one connection).
      // A leftover sign-in could not reach the API anyway (no API user: 401), but it would keep the e-mail taken.
      try {
        await deleteSignIn();
      } catch (error) {
        request.log.error({ err: error, userId: target.id }, "user deleted from the API but not from the identity store");
        throw error;
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/access/user/reset-temporary-password",
    {
      schema: {
        tags: ["access"],
        summary: "E-mail a user a new temporary password",
        body: resetTemporaryPasswordSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const target = await findUserByIdOrEmail(db(), companyOf(request), request.body);
      try {
        await root.identity.admin.resetTemporaryPassword(target.email);
      } catch (error) {
        if (error instanceof IdentityAdminError && error.problem === "user_not_found") throw notFound("User");
        throw error;
      }
      return reply.code(204).send(null);
    },
  );
}
