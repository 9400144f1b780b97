-- Placeholder: filled in by the auth area.
SELECT 1;
