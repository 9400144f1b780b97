-- Placeholder: filled in by the markets area.
SELECT 1;
