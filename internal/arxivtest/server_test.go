package arxivtest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// client is the real arXiv client, unpaced, with retries that wait
// milliseconds.
func client(s *Server) *arxiv.Client {
	return &arxiv.Client{BaseURL: s.URL, Delay: -1, Backoff: time.Millisecond, MaxBackoff: time.Millisecond, RequestTimeout: 2 * time.Second}
}

func TestFeedReadsBackInBothLayouts(t *testing.T) {
	papers := append(Papers(0, 8), VideoGamePaper("2402.00042v1"))
	papers[1].Comment, papers[1].DOI, papers[1].JournalRef = "12 pages", "10.5555/x.1", "Games Econ. Behav. 1 (2024)"
	bare := arxiv.Paper{ID: "cs/0112004v1", Title: "Bid shading", Summary: "Bidders shade."} // fields a fixture leaves out
	papers = append(papers, bare)
	for _, layout := range []Layout{Classic, Modern} {
		page, err := arxiv.ParseFeed(strings.NewReader(Feed(layout, "search_query=all:x", arxiv.Page{Papers: papers, Total: 40, Start: 10, PerPage: 25})))
		require.NoError(t, err)
		require.Equal(t, 40, page.Total)
		require.Equal(t, 10, page.Start)
		require.Equal(t, 25, page.PerPage)
		require.Len(t, page.Papers, len(papers))
		for i, got := range page.Papers {
			want := papers[i]
			require.Equal(t, want.ID, got.ID)
			require.Equal(t, want.Title, got.Title)
			require.Equal(t, want.Summary, got.Summary)
			require.Equal(t, want.Comment, got.Comment)
			require.Equal(t, want.DOI, got.DOI)
			require.Equal(t, want.JournalRef, got.JournalRef)
			if want.Published.IsZero() {
				require.False(t, got.Published.IsZero(), "a missing date is filled in")
				require.Equal(t, []string{"A. Author"}, got.Authors)
				require.Equal(t, "cs.GT", got.PrimaryCategory)
				continue
			}
			require.True(t, want.Published.Equal(got.Published))
			require.Equal(t, want.Authors, got.Authors)
			require.Equal(t, want.PrimaryCategory, got.PrimaryCategory)
			require.Equal(t, want.Categories, got.Categories)
		}
	}
	classic := Feed(Classic, "", arxiv.Page{Papers: papers[:1]})
	require.Contains(t, classic, "ArXiv Query: ")
	require.Contains(t, classic, "<summary>  ", "classic abstracts are indented")
	require.Contains(t, Feed(Modern, "", arxiv.Page{Papers: papers[:1]}), "https://arxiv.org/abs/"+papers[0].ID)
}

func TestErrorFeedIsAnAPIErrorInBothLayouts(t *testing.T) {
	for _, layout := range []Layout{Classic, Modern} {
		_, err := arxiv.ParseFeed(strings.NewReader(ErrorFeed(layout, "incorrect id format for 1234.5")))
		var apiErr *arxiv.APIError
		require.ErrorAs(t, err, &apiErr)
		require.Equal(t, "incorrect id format for 1234.5", apiErr.Message)
	}
}

func TestServerSearchesPagesAndLooksUp(t *testing.T) {
	auction := arxiv.Paper{ID: "2301.00001v1", Title: "Sealed-bid auctions", Summary: "Bidders shade bids.", PrimaryCategory: "cs.GT"}
	video := arxiv.Paper{ID: "2301.00002v1", Title: "Video game engines", Summary: "Rendering.", PrimaryCategory: "cs.GR"}
	v2 := auction
	v2.ID = "2301.00001v2"
	ctx := context.Background()

	srv := New(t, []arxiv.Paper{auction, video})
	page, err := client(srv).Search(ctx, "ti:auctions OR cat:cs.GR", 0, 1, arxiv.SearchOptions{Sort: arxiv.SortSubmitted})
	require.NoError(t, err)
	require.Equal(t, 2, page.Total)
	require.Equal(t, []string{auction.ID}, paperIDs(page.Papers))
	page, err = client(srv).Search(ctx, "ti:auctions OR cat:cs.GR", 1, 1, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, []string{video.ID}, paperIDs(page.Papers))

	_, err = client(srv).Search(ctx, `all:"open`, 0, 10, arxiv.SearchOptions{})
	var apiErr *arxiv.APIError
	require.ErrorAs(t, err, &apiErr, "a query the fake cannot parse is arXiv's error feed")

	srv.SetPapers([]arxiv.Paper{auction, video}, v2)
	got, err := client(srv).Lookup(ctx, []string{"2301.00001", video.ID, "2301.00001v1"})
	require.NoError(t, err)
	require.Equal(t, []string{v2.ID, video.ID, auction.ID}, paperIDs(got), "a bare id finds the latest version")

	reqs := srv.Requests()
	require.Len(t, reqs, 4)
	require.Equal(t, 1, reqs[0].N)
	require.Equal(t, "submittedDate", reqs[0].SortBy)
	require.Equal(t, 1, reqs[1].Start)
	require.Equal(t, []string{"2301.00001", video.ID, "2301.00001v1"}, reqs[3].IDs)
	require.False(t, reqs[1].At.Before(reqs[0].At))
	require.Equal(t, map[int]int{0: 2, 1: 1}, srv.StartCounts(), "id_list requests are not pages")

	all := New(t, []arxiv.Paper{auction, video}, MatchAll(), WithLayout(Modern))
	page, err = client(all).Search(ctx, "ti:nothing-like-this", 0, 10, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, []string{auction.ID, video.ID}, paperIDs(page.Papers))
}

func TestServerFaults(t *testing.T) {
	papers := Papers(0, 3)
	tests := []struct {
		name  string
		reply Reply
		check func(t *testing.T, resp *http.Response, err error)
	}{
		{"status with Retry-After", Reply{Status: http.StatusTooManyRequests, RetryAfter: "7", Body: "slow down"}, func(t *testing.T, resp *http.Response, err error) {
			require.NoError(t, err)
			require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
			require.Equal(t, "7", resp.Header.Get("Retry-After"))
		}},
		{"HTML page", Reply{ContentType: "text/html", Body: "<html></html>"}, func(t *testing.T, resp *http.Response, err error) {
			require.NoError(t, err)
			require.Equal(t, "text/html", resp.Header.Get("Content-Type"))
		}},
		{"empty page keeps the total", Reply{Empty: true}, func(t *testing.T, resp *http.Response, err error) {
			require.NoError(t, err)
			page, err := arxiv.ParseFeed(resp.Body)
			require.NoError(t, err)
			require.True(t, page.EmptyQuirk())
			require.Equal(t, 3, page.Total)
		}},
		{"hangup", Reply{Hangup: true}, func(t *testing.T, resp *http.Response, err error) {
			require.Error(t, err)
		}},
		{"stall", Reply{Stall: true}, func(t *testing.T, resp *http.Response, err error) {
			require.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := New(t, papers)
			srv.SetFault(func(r Request) *Reply { return &tc.reply })
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"?search_query=cat:cs.GT&start=1", nil)
			require.NoError(t, err)
			resp, err := http.DefaultClient.Do(req)
			if resp != nil {
				defer resp.Body.Close()
			}
			tc.check(t, resp, err)
			require.Equal(t, map[int]int{1: 1}, srv.StartCounts())
		})
	}
}

func TestStalledRequestDoesNotBlockClose(t *testing.T) {
	srv := New(t, nil)
	srv.SetFault(func(Request) *Reply { return &Reply{Stall: true} })
	arrived := make(chan struct{})
	srv.OnRequest(func(Request) { close(arrived) })
	go func() {
		resp, err := http.Get(srv.URL + "?search_query=x")
		if err == nil {
			resp.Body.Close()
		}
	}()
	<-arrived
	closed := make(chan struct{})
	go func() {
		srv.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close waited for a client that never gives up")
	}
}

func paperIDs(ps []arxiv.Paper) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}
