/**
 * No page may be framed (frame-ancestors 'none'), except the embeddable onboarding flow, and that only
 * by the origin the OnboardingEmbed verify step recorded in its cookie: proxy.ts sets the header for
 * those paths. Without that cookie they get 'none' here too.
 */
const EMBEDDABLE = ["/onboarding", "/onboarding/:path*", "/auth/oauth2/authorize"];
const EMBED_COOKIE = "convene-embed";
const NO_FRAMING = [
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and WASM packages stay outside the server bundle and load from node_modules at run time.
  serverExternalPackages: ["@node-rs/argon2", "@electric-sql/pglite", "@electric-sql/pglite-socket", "@prisma/schema-engine-wasm", "pg"],
  poweredByHeader: false,
  // Next.js would redirect a trailing slash (and so `/v2/x/..`) with a bare 308 before proxy.ts runs; /v2 answers
  // those in its envelope (proxy.ts), and every other path keeps the same redirect, declared below.
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [{ source: "/:path((?!v2/).+)/", destination: "/:path", permanent: true }];
  },
  // Types are checked once, by `npm run typecheck` (first step of `npm test`); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      // A booking's page may carry its manage token in the address: no Referer takes it to a calendar site or meeting link.
      { source: "/booking/:path*", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      // Everything but the embeddable paths and the embed's own endpoints (which set their own header).
      { source: "/((?!onboarding(?:/|$)|auth/oauth2/authorize(?:/|$)|api/onboarding-embed/).*)", headers: NO_FRAMING },
      ...EMBEDDABLE.map((source) => ({ source, missing: [{ type: "cookie", key: EMBED_COOKIE }], headers: NO_FRAMING })),
    ];
  },
};

export default nextConfig;
