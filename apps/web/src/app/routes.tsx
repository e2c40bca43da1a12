import { matchPath, Navigate, type RouteObject } from 'react-router';
import { publicConfigQuery } from '@/lib/config';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/queryClient';
import { prefetchFirstScreen } from '@/features/home/api/prefetchFirstScreen';
import {
  prefetchFairness,
  prefetchGrailMachine,
} from '@/features/grail-machine/api/prefetchGrailPages';
import { prefetchBreaks } from '@/features/breaks/api/useBreaks';
import { prefetchStore } from '@/features/store/api/prefetchStore';
import { productQueryOptions } from '@/features/store/api/useProduct';
import { PageErrorBoundary } from '@/app/errors/PageErrorBoundary';
import { AppRoot } from '@/app/gates/AppRoot';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { FlagRoute } from '@/app/routing/FlagRoute';
import { lazyPage } from '@/app/routing/lazyPage';
import { ProtectedRoute } from '@/app/routing/ProtectedRoute';

const HomePage = lazyPage(() => import('@/features/home/pages/HomePage'));
// The landing page's code and its first screen's data download alongside the status checks, not
// after them; a failure here is reported by the lazy page and the queries themselves.
if (window.location.pathname === paths.home.path) {
  HomePage.preload().catch(() => undefined);
  prefetchFirstScreen(queryClient);
  void queryClient.prefetchQuery(publicConfigQuery);
}
// On a direct visit the Grail Machine's code and first data start with the app, as the landing
// page's do.
const GrailMachinePage = lazyPage(() => import('@/features/grail-machine/pages/GrailMachinePage'));
if (window.location.pathname === paths.grailMachine.path) {
  GrailMachinePage.preload().catch(() => undefined);
  prefetchGrailMachine(queryClient);
}
const FairnessPage = lazyPage(() => import('@/features/grail-machine/pages/FairnessPage'));
if (window.location.pathname === paths.fairness.path) {
  FairnessPage.preload().catch(() => undefined);
  prefetchFairness(queryClient, window.location.search);
}
const GrailRevealPage = lazyPage(() => import('@/features/grail-machine/pages/GrailRevealPage'));
const PublicPullPage = lazyPage(() => import('@/features/grail-machine/pages/PublicPullPage'));
const DiscordGrailSuccessPage = lazyPage(
  () => import('@/features/grail-machine/pages/DiscordGrailSuccessPage'),
);
const StorePage = lazyPage(() => import('@/features/store/pages/StorePage'));
// The store's code and its first page of cards likewise start with the app, and the first row's
// pictures, the page's largest paint, as soon as the cards are known.
if (window.location.pathname === paths.store.path) {
  StorePage.preload().catch(() => undefined);
  prefetchStore(queryClient, window.location.search);
}
// Styled at build time. On a direct visit the card's code and data start with the app; the
// server's HTML already preloads its picture, the page's largest paint.
const ProductPage = lazyPage(() => import('@/features/store/pages/ProductPage'));
const productOnLoad = matchPath(paths.product.path, window.location.pathname);
if (productOnLoad?.params.id) {
  ProductPage.preload().catch(() => undefined);
  void queryClient.prefetchQuery(productQueryOptions(productOnLoad.params.id));
}
const MarketPage = lazyPage(() => import('@/features/market/pages/MarketPage'));
const ListingPage = lazyPage(() => import('@/features/market/pages/ListingPage'));
const OrderSuccessPage = lazyPage(() => import('@/features/store/pages/OrderSuccessPage'));
const SandboxCheckoutPage = lazyPage(() => import('@/features/store/pages/SandboxCheckoutPage'));
const CartPage = lazyPage(() => import('@/features/store/pages/CartPage'));
const CheckoutPage = lazyPage(() => import('@/features/store/pages/CheckoutPage'));
// On a direct visit, sign-in and sign-up code starts with the app.
const LoginPage = lazyPage(() => import('@/features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('@/features/auth/pages/RegisterPage'));
if (window.location.pathname === paths.login.path) LoginPage.preload().catch(() => undefined);
if (window.location.pathname === paths.register.path) RegisterPage.preload().catch(() => undefined);
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/pages/ResetPasswordPage'));
const AuthCallbackPage = lazyPage(() => import('@/features/auth/pages/AuthCallbackPage'));
const ConfirmEmailPage = lazyPage(() => import('@/features/auth/pages/ConfirmEmailPage'));
const TotpSetupPage = lazyPage(() => import('@/features/auth/pages/TotpSetupPage'));
const CompleteProfilePage = lazyPage(() => import('@/features/auth/pages/CompleteProfilePage'));
const DashboardPage = lazyPage(() => import('@/features/dashboard/pages/DashboardPage'));
const VaultPage = lazyPage(() => import('@/features/vault/pages/VaultPage'));
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/pages/NotificationsPage'),
);
const SubmissionDetailPage = lazyPage(
  () => import('@/features/dashboard/pages/SubmissionDetailPage'),
);
const AdminPage = lazyPage(() => import('@/features/admin/pages/AdminPage'));
const AdminSubmissionsPage = lazyPage(() => import('@/features/admin/pages/AdminSubmissionsPage'));
const AdminBreaksPage = lazyPage(() => import('@/features/admin/pages/AdminBreaksPage'));
const AdminConsolePage = lazyPage(() => import('@/features/admin/pages/AdminConsolePage'));
const AdminInventoryPage = lazyPage(() => import('@/features/admin/pages/AdminInventoryPage'));
const AdminSitePage = lazyPage(() => import('@/features/admin/pages/AdminSitePage'));
const AdminAuditPage = lazyPage(() => import('@/features/admin/pages/AdminAuditPage'));
const AdminWithdrawalsPage = lazyPage(() => import('@/features/admin/pages/AdminWithdrawalsPage'));
const AdminCustodyPage = lazyPage(() => import('@/features/admin/pages/AdminCustodyPage'));
const AdminMarketPage = lazyPage(() => import('@/features/admin/pages/AdminMarketPage'));
const AdminPackingSlipPage = lazyPage(() => import('@/features/admin/pages/AdminPackingSlipPage'));
// The console's shipping, users and analytics pages export their component by name.
const AdminShippingPage = lazyPage(() =>
  import('@/features/admin/pages/AdminShippingPage').then((m) => ({
    default: m.AdminShippingPage,
  })),
);
const AdminUsersPage = lazyPage(() =>
  import('@/features/admin/pages/AdminUsersPage').then((m) => ({ default: m.AdminUsersPage })),
);
const AdminAnalyticsPage = lazyPage(() =>
  import('@/features/admin/pages/AdminAnalyticsPage').then((m) => ({
    default: m.AdminAnalyticsPage,
  })),
);
const SellCardsPage = lazyPage(() => import('@/features/sell/pages/SellCardsPage'));
if (window.location.pathname === paths.sellCards.path)
  SellCardsPage.preload().catch(() => undefined);
// A direct visit starts the breaks' code and list with the app.
const BreaksPage = lazyPage(() => import('@/features/breaks/pages/BreaksPage'));
if (window.location.pathname === paths.breaks.path) {
  BreaksPage.preload().catch(() => undefined);
  prefetchBreaks(queryClient, new URLSearchParams(window.location.search));
}
const BreakDetailPage = lazyPage(() => import('@/features/breaks/pages/BreakDetailPage'));
const BreakRevealPage = lazyPage(() => import('@/features/breaks/pages/BreakRevealPage'));
const BreakPackRevealPage = lazyPage(() => import('@/features/breaks/pages/BreakPackRevealPage'));
const PrivacyPolicyPage = lazyPage(() => import('@/features/legal/pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazyPage(() => import('@/features/legal/pages/TermsOfServicePage'));
// Every shared component in both themes (docs/ui.md); the production build drops it.
const UiGalleryPage = import.meta.env.DEV
  ? lazyPage(() => import('@/app/pages/UiGalleryPage'))
  : null;

/** Every route of the SPA (declared in lib/paths.ts); pages load on demand. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PageErrorBoundary />,
        children: [
          { path: paths.home.path, element: <HomePage /> },
          { path: paths.grailMachine.path, element: <GrailMachinePage /> },
          { path: paths.fairness.path, element: <FairnessPage /> },
          { path: paths.grailReveal.path, element: <GrailRevealPage /> },
          { path: paths.pull.path, element: <PublicPullPage /> },
          { path: paths.discordGrailSuccess.path, element: <DiscordGrailSuccessPage /> },
          { path: paths.store.path, element: <StorePage /> },
          { path: paths.product.path, element: <ProductPage /> },
          { path: paths.market.path, element: <MarketPage /> },
          { path: paths.marketListing.path, element: <ListingPage /> },
          { path: paths.orderSuccess.path, element: <OrderSuccessPage /> },
          {
            path: paths.sandboxCheckout.path,
            element: (
              <ProtectedRoute>
                <SandboxCheckoutPage />
              </ProtectedRoute>
            ),
          },
          { path: paths.cart.path, element: <CartPage /> },
          {
            path: paths.checkout.path,
            element: (
              <ProtectedRoute>
                <CheckoutPage />
              </ProtectedRoute>
            ),
          },
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.register.path, element: <RegisterPage /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
          { path: paths.resetPasswordToken.path, element: <ResetPasswordPage /> },
          { path: paths.authCallback.path, element: <AuthCallbackPage /> },
          { path: paths.confirmEmail.path, element: <ConfirmEmailPage /> },
          { path: paths.totpSetup.path, element: <TotpSetupPage /> },
          {
            path: paths.completeProfile.path,
            element: (
              <ProtectedRoute>
                <CompleteProfilePage />
              </ProtectedRoute>
            ),
          },
          {
            path: paths.dashboard.path,
            element: (
              <ProtectedRoute>
                <DashboardPage />
              </ProtectedRoute>
            ),
          },
          {
            path: paths.vault.path,
            element: (
              <ProtectedRoute>
                <VaultPage />
              </ProtectedRoute>
            ),
          },
          {
            path: paths.notifications.path,
            element: (
              <ProtectedRoute>
                <NotificationsPage />
              </ProtectedRoute>
            ),
          },
          {
            path: paths.submission.path,
            element: (
              <ProtectedRoute>
                <SubmissionDetailPage />
              </ProtectedRoute>
            ),
          },
          {
            // The staff console: its section links above each section's page.
            path: paths.admin.path,
            element: (
              <ProtectedRoute admin>
                <AdminConsolePage />
              </ProtectedRoute>
            ),
            children: [
              { index: true, element: <AdminPage /> },
              { path: paths.adminInventory.path, element: <AdminInventoryPage /> },
              { path: paths.adminShipping.path, element: <AdminShippingPage /> },
              { path: paths.adminUsers.path, element: <AdminUsersPage /> },
              { path: `${paths.adminUsers.path}/:userId`, element: <AdminUsersPage /> },
              { path: paths.adminSubmissions.path, element: <AdminSubmissionsPage /> },
              { path: paths.adminWithdrawals.path, element: <AdminWithdrawalsPage /> },
              { path: paths.adminCustody.path, element: <AdminCustodyPage /> },
              { path: paths.adminPackingSlip.path, element: <AdminPackingSlipPage /> },
              {
                path: paths.adminBreaks.path,
                element: (
                  <FlagRoute flag="BREAKS_ENABLED">
                    <AdminBreaksPage />
                  </FlagRoute>
                ),
              },
              {
                path: paths.adminAnalytics.path,
                element: (
                  <FlagRoute flag="ADVANCED_ANALYTICS">
                    <AdminAnalyticsPage />
                  </FlagRoute>
                ),
              },
              { path: paths.adminSite.path, element: <AdminSitePage /> },
              { path: paths.adminAudit.path, element: <AdminAuditPage /> },
              { path: paths.adminMarket.path, element: <AdminMarketPage /> },
            ],
          },
          { path: paths.sellCards.path, element: <SellCardsPage /> },
          {
            path: paths.breaks.path,
            element: (
              <FlagRoute flag="BREAKS_ENABLED">
                <BreaksPage />
              </FlagRoute>
            ),
          },
          {
            path: paths.breakDetail.path,
            element: (
              <FlagRoute flag="BREAKS_ENABLED">
                <BreakDetailPage />
              </FlagRoute>
            ),
          },
          {
            path: paths.breakReveal.path,
            element: (
              <FlagRoute flag="BREAKS_ENABLED">
                <BreakRevealPage />
              </FlagRoute>
            ),
          },
          {
            path: paths.breakPackReveal.path,
            element: (
              <FlagRoute flag="BREAKS_ENABLED">
                <BreakPackRevealPage />
              </FlagRoute>
            ),
          },
          { path: paths.privacyPolicy.path, element: <PrivacyPolicyPage /> },
          { path: paths.termsOfService.path, element: <TermsOfServicePage /> },
          {
            path: paths.privacy.path,
            element: <Navigate to={paths.privacyPolicy.getHref()} replace />,
          },
          {
            path: paths.terms.path,
            element: <Navigate to={paths.termsOfService.getHref()} replace />,
          },
          ...(UiGalleryPage ? [{ path: '/dev/ui', element: <UiGalleryPage /> }] : []),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
