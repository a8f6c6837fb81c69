/** Query keys of the integrations feature. */
export const integrationKeys = {
  status: ['integrations', 'status'] as const,
  googleInfo: ['integrations', 'google-info'] as const,
};
