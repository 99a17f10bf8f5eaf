"""GM content taken out of a campaign, once nothing needs it."""
