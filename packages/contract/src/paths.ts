/** Every API path in one place, so no URL is assembled by hand on either side. */
export const apiPaths = {
  health: '/api/health',
  config: '/api/config',
  maintenanceStatus: '/api/maintenance/status',
  image: (imageIdentifier: string) => `/api/images/${encodeURIComponent(imageIdentifier)}`,
} as const;
