// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { initTestI18n } from "../test-support/i18n";
import { ExportMenu } from "../components/data-grid/ExportMenu";
import { FeatureFlagValues, useFeatureFlag } from "./feature-flags";

beforeAll(initTestI18n);
afterEach(cleanup);

function LlmArea() {
  return useFeatureFlag("llm-testing") ? <p>LLM testing</p> : null;
}

describe("features behind flags in the browser", () => {
  it("shows a feature at its default (on) while no evaluation has arrived", () => {
    render(
      <FeatureFlagValues values={{}}>
        <LlmArea />
        <ExportMenu target={{ path: "/vendors" }} />
      </FeatureFlagValues>,
    );
    expect(screen.getByText("LLM testing")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
  });

  it("hides the feature whose flag is evaluated off, and only that one", () => {
    render(
      <FeatureFlagValues values={{ "data-export": false, "llm-testing": true }}>
        <LlmArea />
        <ExportMenu target={{ path: "/vendors" }} />
      </FeatureFlagValues>,
    );
    expect(screen.getByText("LLM testing")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export" })).toBeNull();
  });
});
