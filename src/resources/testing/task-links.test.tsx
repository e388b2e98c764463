// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import type { TestingTask } from "../../../domain/entities/testing-task";
import { APP_ID, aUser, GROUP_ALL } from "../../test-support/fixtures";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { useTaskUrls } from "./task-links";
import { aTask, DOC_ID, TASK_ID } from "./test-support";

beforeAll(initTestI18n);
afterEach(cleanup);

function OpenLink({ task }: { task: TestingTask }) {
  const { openUrl } = useTaskUrls();
  return <a href={openUrl(task)}>open</a>;
}

const openHref = (task: TestingTask) => {
  renderWithRefine(<OpenLink task={task} />, { identity: aUser([{ name: "ApplicationReviewer", resource_group: GROUP_ALL }]) });
  return screen.getByRole("link", { name: "open" }).getAttribute("href");
};

describe("the page a test opens on", () => {
  it("is the LLM summary of the analysed document for a ready LLM test", () => {
    expect(openHref(aTask({ data_source: "fairness_llm_user", status: "ready", document: { id: DOC_ID, name: "responses.csv" } }))).toBe(`/application-testing/results/llm/${DOC_ID}`);
  });

  it("is the results by task for a ready ML test, and the status page for a running LLM test", () => {
    expect(openHref(aTask({ status: "ready" }))).toBe(`/application-testing/results/${APP_ID}/${TASK_ID}`);
    cleanup();
    expect(openHref(aTask({ data_source: "fairness_llm_user", status: "analyzing", document: { id: DOC_ID, name: "responses.csv" } }))).toBe(`/application-testing/status-details/${APP_ID}/${TASK_ID}`);
  });
});
