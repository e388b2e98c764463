// @vitest-environment jsdom
import { lazy } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useSearchParams } from "react-router";
import { Refine, type DataProvider } from "@refinedev/core";
import { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../domain/access/current-user";
import { createAccessControlProvider } from "../../providers/access-control";
import type { AppResource } from "../../resources/types";
import { aUser, GROUP_ALL } from "../../test-support/fixtures";
import { resourceRoutes } from "./guards";

const asUser = (roleName?: string): CurrentUser => aUser(roleName ? [{ name: roleName, resource_group: GROUP_ALL }] : []);

const page = (text: string) => lazy(async () => ({ default: () => <p>{text}</p> }));
const resources: AppResource[] = [
  { name: "manage-users", label: "u", access: { action: "manage", subject: "User" }, whenRefused: "not-found", routes: [{ path: "/manage-users", page: page("admin page") }] },
  { name: "frameworks", label: "f", access: { menu: "frameworks" }, routes: [{ path: "/frameworks", page: page("frameworks page") }] },
  { name: "open", label: "o", routes: [{ path: "/open", page: page("open page") }] },
];

const dataProvider = {} as DataProvider;

function Refused() {
  const [params] = useSearchParams();
  return <p>unauthorised page for {params.get("page")}</p>;
}

function renderAt(path: string, user: CurrentUser) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={dataProvider}
        accessControlProvider={createAccessControlProvider(async () => user, resources)}
        resources={resources.map((r) => ({ name: r.name, list: r.routes[0].path }))}
        options={{ reactQuery: { clientConfig: new QueryClient() }, disableTelemetry: true }}
      >
        <Routes>
          {resourceRoutes(resources)}
          <Route path="/not-found" element={<p>not found page</p>} />
          <Route path="/unauthorized" element={<Refused />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("resource routes", () => {
  it("render a guarded page for a user the rule allows", async () => {
    renderAt("/manage-users", asUser("Administrator"));
    expect(await screen.findByText("admin page")).toBeTruthy();
  });

  it("send everyone else to /not-found where the page is hidden from them", async () => {
    renderAt("/manage-users", asUser("ApplicationReviewer"));
    expect(await screen.findByText("not found page")).toBeTruthy();
    expect(screen.queryByText("admin page")).toBeNull();
  });

  it("send everyone else to the unauthorised page, naming the page, by default", async () => {
    renderAt("/frameworks", asUser("ApplicationContributor"));
    expect(await screen.findByText("unauthorised page for /frameworks")).toBeTruthy();
    expect(screen.queryByText("frameworks page")).toBeNull();
  });

  it("leave routes without a rule open", async () => {
    renderAt("/open", asUser());
    expect(await screen.findByText("open page")).toBeTruthy();
  });
});
