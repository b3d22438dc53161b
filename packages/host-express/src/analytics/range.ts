/** A project of the caller's company: every analytics query filters on both ids. */
export interface ProjectScope {
  companyId: string;
  projectId: string;
}
