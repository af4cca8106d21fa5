-- The club's own address for replies to its mails (docs/decisions/0067-the-club-as-sender.md).
ALTER TABLE "clubs" ADD COLUMN "contact_email" text;