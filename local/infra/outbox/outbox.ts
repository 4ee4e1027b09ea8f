import { logger } from "@/lib/observability/logger";
import { LOCAL_PATHS } from "@/lib/config/local-paths";
import type { Db } from "../db/index";

/**
 * The local outbox: where the stand-ins "send" e-mail. Production e-mails a sign-in code; locally
 * it is written here, printed on the server console and listed at /api/local/outbox.
 */
export interface OutboxMessage {
  id: number;
  to: string;
  code: string;
  purpose: string;
  createdAt: string;
}

export async function deliverCode(db: Db, message: { to: string; code: string; purpose: string }): Promise<void> {
  const to = message.to.trim().toLowerCase();
  await db.query("INSERT INTO local_outbox (recipient, code, purpose) VALUES ($1, $2, $3)", [to, message.code, message.purpose]);
  // Never the code or the address: a log is not a mailbox. The outbox page shows both.
  logger().info({ component: "local outbox", purpose: message.purpose }, `code sent: read it at ${LOCAL_PATHS.outbox}`);
}

export async function listOutbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const to = options.to?.trim().toLowerCase();
  const rows = await db.query<{ id: number | string; recipient: string; code: string; purpose: string; created_at: Date | string }>(
    `SELECT id, recipient, code, purpose, created_at FROM local_outbox
      ${to ? "WHERE recipient = $2" : ""}
      ORDER BY created_at DESC, id DESC LIMIT $1`,
    to ? [limit, to] : [limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.recipient,
    code: r.code,
    purpose: r.purpose,
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
  }));
}
