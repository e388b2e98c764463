import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { render } from "@testing-library/react";
import type { ClientConfig } from "../../../domain/api/client-config";
import { ClientConfigValue } from "../../providers/client-config";

/** The run-time settings a public page reads, with the hosted sign-in at `oauthOrigin`. */
export function testClientConfig(oauthOrigin: string | null = "https://auth.example.test"): ClientConfig {
  return {
    auth: { userPoolId: "eu-west-1_pages", userPoolClientId: "client-1", region: "eu-west-1", authFlowType: "USER_PASSWORD_AUTH", mode: "local", oauth: { origin: oauthOrigin, scopes: ["openid", "email", "profile"] } },
    maintenance: false,
    idleTimeoutMinutes: 30,
    environment: "loc",
    flags: { ofrepUrl: null },
    links: { terms: "https://example.test/terms", privacy: "https://example.test/privacy", resources: "https://example.test/resources" },
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Test support: a public page at `path` (mounted on `pattern`); any other route shows where the page navigated. */
export function renderAuthPage(element: ReactNode, { path, pattern = path.split("?")[0], config = testClientConfig() }: { path: string; pattern?: string; config?: ClientConfig }) {
  return render(
    <ClientConfigValue config={config}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ClientConfigValue>,
  );
}
