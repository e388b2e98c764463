import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { CssBaseline, LinearProgress } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "./theme";
import "./i18n";
import { ClientConfigProvider, useClientConfig } from "./providers/client-config";
import { SnackbarHost } from "./providers/SnackbarHost";
import { RouteFrame } from "./components/layout/RouteFrame";
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

function AppRoutes() {
  const config = useClientConfig();
  if (config.maintenance) return <MaintenancePage />;
  return (
    <>
      <Routes>
        <Route path="/signin" element={<RouteFrame page={SignInPage} />} />
        <Route path="/signin-confirm" element={<RouteFrame page={SignInConfirmPage} />} />
        <Route path="/forgot-password" element={<RouteFrame page={ForgotPasswordPage} />} />
        <Route path="/unauthorized" element={<RouteFrame page={UnauthorizedPage} />} />
        <Route path="/signin/next" element={<RouteFrame page={NextStepPage} />} />
        <Route path="/sso" element={<RouteFrame page={SsoPage} />} />
        {/* With and without the trailing slash: the provider returns to the exact redirect URI it was given. */}
        <Route path="/auth/callback/" element={<RouteFrame page={CallbackPage} />} />
        <Route path="/auth/signout" element={<RouteFrame page={SignOutPage} />} />
        <Route path="*" element={<RouteFrame page={ProtectedApp} />} />
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
          <Suspense fallback={<LinearProgress />}>
            <ClientConfigProvider loading={<LinearProgress />} failed={(error) => <ErrorPage error={error} />}>
              <AppRoutes />
            </ClientConfigProvider>
          </Suspense>
        </BrowserRouter>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
