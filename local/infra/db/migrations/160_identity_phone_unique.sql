-- A phone number belongs to one account (it is a sign-in alias): a second account cannot squat it.
CREATE UNIQUE INDEX identity_users_phone_unique ON identity_users (phone_number) WHERE phone_number IS NOT NULL;
