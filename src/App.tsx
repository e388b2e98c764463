import { lazy, Suspense } from "react";
import { BrowserRouter, matchPath, Route, Routes, useLocation } from "react-router";
import { CssBaseline, LinearProgress } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "./theme";
import "./i18n";
import { ClientConfigProvider, useClientConfig } from "./providers/client-config";
import { SnackbarHost } from "./providers/SnackbarHost";
import { RouteFrame } from "./components/layout/RouteFrame";
import { ShellSkeleton } from "./components/layout/ShellSkeleton";
import { ErrorBoundary } from "./components/errors/ErrorBoundary";
import ErrorPage from "./pages/errors/ErrorPage";
import MaintenancePage from "./pages/errors/MaintenancePage";

const ProtectedApp = lazy(() => import("./ProtectedApp"));
const SignInPage = lazy(() => import("./pages/auth/SignInPage"));
const SignInConfirmPage = lazy(() => import("./pages/auth/SignInConfirmPage"));
const ForgotPasswordPage = lazy(() => import("./pages/auth/ForgotPasswordPage"));
const UnauthorizedPage = lazy(() => import("./pages/auth/UnauthorizedPage"));
const SignOutPage = lazy(() => import("./pages/auth/SignOutPage"));
const SsoPage = lazy(() => import("./pages/auth/sso/SsoPage"));
const CallbackPage = lazy(() => import("./pages/auth/sso/CallbackPage"));
const NextStepPage = lazy(() => import("./pages/auth/steps/NextStepPage"));

/** The pages outside sign-in; every other path is the signed-in app's. */
const PUBLIC_PAGES = [
  { path: "/signin", page: SignInPage },
  { path: "/signin-confirm", page: SignInConfirmPage },
  { path: "/forgot-password", page: ForgotPasswordPage },
  { path: "/unauthorized", page: UnauthorizedPage },
  { path: "/signin/next", page: NextStepPage },
  { path: "/sso", page: SsoPage },
  // With and without the trailing slash: the provider returns to the exact redirect URI it was given.
  { path: "/auth/callback/", page: CallbackPage },
  { path: "/auth/signout", page: SignOutPage },
];

/** Until the first page can show: a signed-in page's layout in grey, or a bar over a public page. */
function FirstPaint() {
  const { pathname } = useLocation();
  return PUBLIC_PAGES.some(({ path }) => matchPath(path, pathname)) ? <LinearProgress aria-hidden /> : <ShellSkeleton />;
}

function AppRoutes() {
  const config = useClientConfig();
  if (config.maintenance) return <MaintenancePage />;
  return (
    <>
      <Routes>
        {PUBLIC_PAGES.map(({ path, page }) => (
          <Route key={path} path={path} element={<RouteFrame page={page} />} />
        ))}
        <Route path="*" element={<RouteFrame page={ProtectedApp} fallback={<ShellSkeleton />} />} />
      </Routes>
      <SnackbarHost />
    </>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <BrowserRouter>
          {/* Suspends while the user's language loads. */}
          <Suspense fallback={<FirstPaint />}>
            <ClientConfigProvider loading={<FirstPaint />} failed={(error) => <ErrorPage error={error} />}>
              <AppRoutes />
            </ClientConfigProvider>
          </Suspense>
        </BrowserRouter>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
