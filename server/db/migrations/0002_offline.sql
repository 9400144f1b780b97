-- Placeholder: filled in by the offline area.
SELECT 1;
