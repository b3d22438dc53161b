import type { NewRow, TalentTable } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import type { DemoRandom } from './random.js';
import { dayFrom } from './time.js';

type Seniority = TalentTable['seniority'];

/** Thirty people, one a line: name | title | seniority | location | time zone | specializations. */
const TALENT_TABLE = `
Marta Brandt | Senior Frontend Engineer | Senior | Lisbon, Portugal | Europe/Lisbon | React, TypeScript, Accessibility
Kwame Mensah | Backend Engineer | Mid | Accra, Ghana | Africa/Accra | Node.js, TypeScript, PostgreSQL
Sofia Álvarez | Tech Lead | Lead | Madrid, Spain | Europe/Madrid | TypeScript, AWS, System Design
Liam O’Connor | QA Automation Engineer | Mid | Dublin, Ireland | Europe/Dublin | QA Automation, Playwright, TypeScript
Aiko Tanaka | Senior Backend Engineer | Senior | Osaka, Japan | Asia/Tokyo | Go, Kubernetes, PostgreSQL
Rahul Verma | Data Engineer | Mid | Pune, India | Asia/Kolkata | Python, Data Engineering, Airflow
Elena Petrova | Machine Learning Engineer | Senior | Sofia, Bulgaria | Europe/Sofia | Python, Machine Learning, MLOps
Diego Santos | Android Engineer | Senior | São Paulo, Brazil | America/Sao_Paulo | Kotlin, Android, GraphQL
Hannah Schmidt | Product Designer | Senior | Berlin, Germany | Europe/Berlin | Product Design, Design Systems, Accessibility
Tomás Novak | DevOps Engineer | Mid | Prague, Czechia | Europe/Prague | DevOps, Terraform, AWS
Grace Okafor | Engineering Manager | Principal | Lagos, Nigeria | Africa/Lagos | Delivery Management, Agile, System Design
Mateo Rossi | Full-Stack Engineer | Mid | Milan, Italy | Europe/Rome | React, Node.js, GraphQL
Nadia Haddad | Senior Full-Stack Engineer | Senior | Beirut, Lebanon | Asia/Beirut | React, TypeScript, Node.js
Jonas Lindqvist | Backend Engineer | Mid | Stockholm, Sweden | Europe/Stockholm | Kotlin, Java, PostgreSQL
Chloé Martin | Frontend Engineer | Junior | Lyon, France | Europe/Paris | React, CSS, TypeScript
Arjun Nair | Site Reliability Engineer | Senior | Bengaluru, India | Asia/Kolkata | Kubernetes, Observability, Go
Zanele Dlamini | QA Engineer | Mid | Cape Town, South Africa | Africa/Johannesburg | QA Automation, Cypress, API Testing
Oliver Hughes | iOS Engineer | Senior | Manchester, United Kingdom | Europe/London | Swift, iOS, GraphQL
Yara Costa | Data Analyst | Mid | Porto, Portugal | Europe/Lisbon | SQL, Data Visualisation, Python
Felix Wagner | Platform Engineer | Lead | Vienna, Austria | Europe/Vienna | Terraform, AWS, Kubernetes
Mei Chen | Senior Data Engineer | Senior | Taipei, Taiwan | Asia/Taipei | Data Engineering, Spark, Python
Lucas Dubois | .NET Engineer | Mid | Brussels, Belgium | Europe/Brussels | .NET, C#, Azure
Amara Nwosu | Security Engineer | Senior | Nairobi, Kenya | Africa/Nairobi | Security, Threat Modelling, AWS
Isabel Fernández | UX Researcher | Mid | Mexico City, Mexico | America/Mexico_City | User Research, Product Design
Piotr Kowalski | Backend Engineer | Junior | Kraków, Poland | Europe/Warsaw | Java, Spring, PostgreSQL
Hana Kim | Frontend Engineer | Mid | Seoul, South Korea | Asia/Seoul | React, TypeScript, Design Systems
Samuel Adeyemi | Solutions Architect | Principal | Toronto, Canada | America/Toronto | System Design, AWS, Node.js
Laura Bianchi | Scrum Master | Senior | Rome, Italy | Europe/Rome | Agile, Delivery Management
Ethan Brooks | Mobile Engineer | Mid | Austin, United States | America/Chicago | React Native, TypeScript, iOS
Noor Rahman | Machine Learning Engineer | Mid | Dhaka, Bangladesh | Asia/Dhaka | Python, Machine Learning, NLP
`;

interface TalentPlan {
  name: string;
  title: string;
  seniority: Seniority;
  location: string;
  timezone: string;
  skills: string[];
}

const SENIORITIES = new Set<string>(['Junior', 'Mid', 'Senior', 'Lead', 'Principal']);

/** The table above as records; the index + 1 is the id number (t-01 … t-30). */
const TALENT: TalentPlan[] = TALENT_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [name = '', title = '', seniority = '', location = '', timezone = '', skills = ''] =
      line.split(' | ');
    if (!SENIORITIES.has(seniority)) throw new Error(`demo talent "${name}" has no valid seniority`);
    return { name, title, seniority: seniority as Seniority, location, timezone, skills: skills.split(', ') };
  });

const YEARS: Record<Seniority, [number, number]> = {
  Junior: [1, 2],
  Mid: [3, 6],
  Senior: [6, 11],
  Lead: [9, 15],
  Principal: [12, 22],
};

export const talentId = (n: number) => `t-${String(n).padStart(2, '0')}`;

export function talent(random: DemoRandom): NewRow<'talent'>[] {
  return TALENT.map(({ name, title, seniority, location, timezone }, i) => ({
    id: talentId(i + 1),
    name,
    title,
    seniority,
    years_of_experience: random.int(...YEARS[seniority]),
    location,
    timezone,
    photo_url: null,
  }));
}

export function talentSpecializations(): NewRow<'talent_specializations'>[] {
  return TALENT.flatMap(({ skills }, i) => skills.map((name) => ({ talent_id: talentId(i + 1), name })));
}

type AssignmentPlan = [
  talent: number,
  company: string,
  project: string | null,
  contact: string | null,
  status: 'Active' | 'Past' | 'Available',
  start: number | null,
  end: number | null,
];

/**
 * Who works (or worked) with whom. Marta (t-01) worked for Globex before Acme, so the same person
 * appears to both companies with different histories; t-20 … t-30 are on the bench, offered to both.
 */
const ASSIGNMENTS: AssignmentPlan[] = [
  [1, ACME, 'acme-portal', 'acme-c-1', 'Active', -150, null],
  [2, ACME, 'acme-portal', 'acme-c-1', 'Active', -150, null],
  [3, ACME, 'acme-portal', 'acme-c-1', 'Active', -140, null],
  [4, ACME, 'acme-portal', 'acme-c-1', 'Active', -120, null],
  [5, ACME, 'acme-route', 'acme-c-1', 'Active', -200, null],
  [6, ACME, 'acme-route', 'acme-c-2', 'Active', -180, null],
  [7, ACME, 'acme-route', 'acme-c-2', 'Active', -90, null],
  [8, ACME, 'acme-wms', 'acme-c-1', 'Active', -60, 120],
  [9, ACME, 'acme-portal', 'acme-c-1', 'Past', -400, -160],
  [10, ACME, 'acme-route', 'acme-c-1', 'Past', -380, -200],
  [11, ACME, null, 'acme-c-1', 'Past', -600, -300],
  [12, ACME, 'acme-billing', 'acme-c-2', 'Past', -700, -420],
  [13, GLOBEX, 'globex-shop', 'globex-c-1', 'Active', -100, null],
  [14, GLOBEX, 'globex-shop', 'globex-c-1', 'Active', -100, null],
  [15, GLOBEX, 'globex-shop', 'globex-c-1', 'Active', -95, null],
  [16, GLOBEX, 'globex-shop', 'globex-c-1', 'Active', -80, null],
  [17, GLOBEX, 'globex-dwh', 'globex-c-1', 'Active', -40, 140],
  [18, GLOBEX, 'globex-shop', 'globex-c-1', 'Past', -500, -200],
  [19, GLOBEX, null, 'globex-c-1', 'Past', -450, -300],
  [1, GLOBEX, 'globex-dwh', 'globex-c-1', 'Past', -700, -200],
  ...Array.from({ length: 11 }, (_, i): AssignmentPlan[] => [
    [20 + i, ACME, null, null, 'Available', null, null],
    [20 + i, GLOBEX, null, null, 'Available', null, null],
  ]).flat(),
];

export function talentAssignments(now: Date): NewRow<'talent_assignments'>[] {
  return ASSIGNMENTS.map(([n, company, project, contact, status, start, end], i) => ({
    id: `ta-${String(i + 1).padStart(3, '0')}`,
    talent_id: talentId(n),
    company_id: company,
    project_id: project,
    contact_id: contact,
    status,
    start_date: start === null ? null : dayFrom(now, start),
    end_date: end === null ? null : dayFrom(now, end),
  }));
}

/** GitHub logins of the demo talent, used as commit authors. */
export function githubLogin(n: number): string {
  const name = TALENT[n - 1]?.name ?? `talent-${n}`;
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .split(' ')
    .map((part, i) => (i === 0 ? part.slice(0, 1) : part))
    .join('');
}
