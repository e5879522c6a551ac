/** The signed-in member as the member guard gives it (DESIGN §11). */
export interface RequestMember {
  id: string;
  fullname: string;
  email: string;
  phone: string | null;
  sessionId: string;
  /** When the session ends (a socket of it is closed then). */
  sessionExpiresAt: Date;
}
