-- Placeholder: filled in by the chat area.
SELECT 1;
