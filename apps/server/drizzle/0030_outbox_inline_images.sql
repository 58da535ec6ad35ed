-- Record 0067: pictures an e-mail's HTML shows by cid:, made when the message is sent (the UPI QR
-- code of an order e-mail), attached inline. Emptied with the body when a sent message is compacted.
ALTER TABLE "email_outbox" ADD COLUMN "inline_images" jsonb DEFAULT '[]'::jsonb NOT NULL;
