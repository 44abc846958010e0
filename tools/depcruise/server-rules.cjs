// The server's import rules (apps/server): one forbidden rule per entry, in dependency-cruiser's
// shape ({ name, severity, comment, from, to }). Required by .dependency-cruiser.cjs at the root.
// Filled in by the server half of decision 061 (docs/decisions/061-layers-server.md).
module.exports = [];
