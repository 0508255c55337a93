// Configuration for remark-cli in .ci/run: check that every relative link
// and image in the repository's Markdown files names a file that exists, and
// every #fragment a heading (or an explicit anchor) of its target. Links to
// https://github.com/ulidgo/ulid/blob/main/... are checked as the local files
// they name. Nothing is fetched: other URLs are not checked.
import remarkValidateLinks from 'remark-validate-links'

export default {
  plugins: [[remarkValidateLinks, {repository: 'ulidgo/ulid'}]]
}
