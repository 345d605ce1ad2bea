/**
 * The typed client (packages/client) pointed at the server the tests run against. HTTP tests that call the API
 * through it fail to type-check when a route's declared shape changes, not only when they run.
 */
import { createConveneClient, type ConveneClient } from "@convene/client";

export const conveneAs = (apiKey?: string): ConveneClient => createConveneClient({ baseUrl: process.env.E2E_BASE_URL!, apiKey });
