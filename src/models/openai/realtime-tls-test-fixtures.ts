/**
 * A throwaway self-signed certificate for 127.0.0.1 (valid 2000–2100) and its
 * key, for the local Realtime server of tests only. The `openai` client always
 * opens its Realtime WebSocket as `wss:`, so the local server speaks TLS and
 * the test client trusts this certificate as its `ca`. Not a secret: it
 * protects nothing.
 */
export const LOCAL_TLS_KEY = `
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg/qawPFP8xSMbMIHZ
QSP9R6nVjNXDVkrJ3exO9tTUAmGhRANCAAScbwZQvAuOo8Arb5MmbdNEbT9wBbJx
Xe8wyne3o689m362d/2XOVZw5FGLUjFZhcmBUrqxDVhXHV+RN1AUZ6Fd
-----END PRIVATE KEY-----
`;

/** The certificate matching `LOCAL_TLS_KEY` (subject and IP SAN 127.0.0.1, CA:TRUE, so it is its own trust anchor). */
export const LOCAL_TLS_CERTIFICATE = `
-----BEGIN CERTIFICATE-----
MIIBXTCCAQKgAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAkxMjcuMC4w
LjEwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMBQxEjAQBgNVBAMM
CTEyNy4wLjAuMTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJxvBlC8C46jwCtv
kyZt00RtP3AFsnFd7zDKd7ejrz2bfrZ3/Zc5VnDkUYtSMVmFyYFSurENWFcdX5E3
UBRnoV2jQzBBMA8GA1UdEQQIMAaHBH8AAAEwDwYDVR0TAQH/BAUwAwEB/zAdBgNV
HQ4EFgQUAsS/0K6DvOdDX3cZQZOc6VNFaOcwCgYIKoZIzj0EAwIDSQAwRgIhAOy8
MTg+Go2w6M9YTA6jXvZKASj/F2ligasSn/RDJIB/AiEA+jYYI4QZtnRn8qSiZXAA
erFH6RvSGkQx9u2/UQWOfho=
-----END CERTIFICATE-----
`;
