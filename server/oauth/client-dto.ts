/** What the owner and admins see of a client. Secrets appear only as hints. */
export const CLIENT_SELECT = {
  id: true,
  name: true,
  logoUrl: true,
  websiteUrl: true,
  redirectUris: true,
  scopes: true,
  purpose: true,
  type: true,
  status: true,
  rejectionReason: true,
  createdAt: true,
  updatedAt: true,
  secrets: { select: { id: true, hint: true, createdAt: true }, orderBy: { createdAt: "asc" } },
} as const;
