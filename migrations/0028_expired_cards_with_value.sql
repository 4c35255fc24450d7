-- Before the expiry sweep settled a card's value in the transaction that marks it expired, a sweep
-- marked cards 'expired' and left their value on them. Such a card is put back to 'active' at (or
-- before) its expiry, so the sweep's one path settles it like any card that has just expired:
-- 'expired' and, for a promotional card, the value back to its business; a paid card with value
-- is reissued. Nothing in the app marks a card expired with value left any more, so the sweep no
-- longer has to look through every expired card ever, on every run, for this one-off state.
UPDATE "gift_cards" AS c
SET "status" = 'active',
    "expires_at" = least(c."expires_at", now()),
    "updated_at" = now()
WHERE c."status" = 'expired'
  AND EXISTS (
    SELECT 1 FROM "ledger_accounts" l
    WHERE l."gift_card_id" = c."id" AND l."balance_cents" > 0
  );
