# Hindi (हिन्दी).
