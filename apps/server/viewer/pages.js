// The pages outside a table share one HTML shell: the lobby at /, else a character's, player's or campaign's page.
await import(window.location.pathname === '/' ? './lobby.js' : './people.js');
