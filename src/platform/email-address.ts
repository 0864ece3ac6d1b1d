// The shape of an email address where the service checks one itself (the registration link, the
// CLI's service reps): something@domain.tld without spaces. Request bodies use ajv's `email` format.
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
