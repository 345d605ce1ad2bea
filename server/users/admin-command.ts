/** The one way to an instance administrator (server/users/admin-role.service.ts), as `npm start` and the site name it. */
export const GRANT_ADMIN_COMMAND = "npm run cli -- admin:grant --email <an existing user's e-mail>";
