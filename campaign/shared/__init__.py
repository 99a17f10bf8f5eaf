"""Building blocks every app may import, and which import no app: the domain errors, text
cleaning, and the parsing of ids, numbers and JSON for forms and the API."""
