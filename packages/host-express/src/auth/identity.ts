/** Who is calling, taken only from the session row (never from a request body). */
export interface PortalIdentity {
  userId: string;
  email: string;
  name: string;
  role: 'customer' | 'staff';
  /**
   * The company every query is scoped to: the customer's own company, or for staff the company they
   * chose to act for (null until they choose).
   */
  companyId: string | null;
  /** The customer's CRM contact; null for staff. */
  contactId: string | null;
  /** The session row id (SHA-256 of the cookie token), for audit and sign-out. */
  sessionId: string;
}

declare global {
  namespace Express {
    interface Request {
      /** Set by `loadSession` when the request carries a live session. */
      identity?: PortalIdentity;
    }
  }
}
