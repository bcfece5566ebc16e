// Starts GraphiQL (loaded from /graphiql/assets/) against this server's /graphql, with a first query to try.
/* global React, ReactDOM, GraphiQL */
const fetcher = GraphiQL.createFetcher({ url: `${window.location.origin}/graphql` });
const defaultQuery = `# The modules this server runs. Press the run button (or Ctrl-Enter).
{
  modules {
    name
    title
    seats { min max }
    options { name default description }
  }
}
`;
ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultQuery }));
