import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

/** Each test starts with these mocks answering nothing and ends with its page unmounted and every spy restored. */
export function freshMocksEachTest(...mocks: { mockReset(): unknown }[]) {
  beforeEach(() => {
    for (const mock of mocks) mock.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
