/** next-auth for the embed iframe: proxy.ts rewrites /api/auth/* here when the request carries the embed cookie. */
import NextAuth from "next-auth";
import { embedAuthOptions } from "@/server/auth/next-auth";

const handler = NextAuth(embedAuthOptions);

export { handler as GET, handler as POST };
