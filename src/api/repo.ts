// A repository as the API names it: owner and name, the two segments of
// /repos/{owner}/{repo}. The command line finds it (src/context/); the API
// layer only needs its shape.
export interface RepoRef {
  owner: string;
  name: string;
}
