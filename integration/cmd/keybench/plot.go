package main

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// kindColors gives every key kind the same color in every plot.
var kindColors = map[string]color.RGBA{
	"bigserial": {R: 0x55, G: 0x55, B: 0x55, A: 0xff}, // gray: the baseline
	"ulid":      {R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, // blue
	"uuidv7":    {R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, // green
	"uuidv4":    {R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, // red
	"ulid-text": {R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}, // orange
}

var kindGlyphs = map[string]draw.GlyphDrawer{
	"bigserial": draw.BoxGlyph{},
	"ulid":      draw.CircleGlyph{},
	"uuidv7":    draw.TriangleGlyph{},
	"uuidv4":    draw.CrossGlyph{},
	"ulid-text": draw.RingGlyph{},
}

const plotDPI = 96

// writePlots writes the insert-rate plot of each database and the size plot
// into dir and returns their file names.
func writePlots(rep *report, dir string) ([]string, error) {
	var files []string
	for _, db := range rep.DBs {
		name := "insert_rate_" + map[string]string{"pg": "postgresql", "mysql": "mariadb"}[db] + ".png"
		if err := ratePlot(rep, db, filepath.Join(dir, name)); err != nil {
			return files, fmt.Errorf("%s: %w", name, err)
		}
		files = append(files, name)
	}
	name := "index_size.png"
	if err := sizePlot(rep, filepath.Join(dir, name)); err != nil {
		return files, fmt.Errorf("%s: %w", name, err)
	}
	return append(files, name), nil
}

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	p.X.Tick.Label.Font.Size = vg.Points(10)
	p.Y.Tick.Label.Font.Size = vg.Points(10)
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.X.Tick.Marker = niceTicks{}
	p.Y.Tick.Marker = niceTicks{}
	p.Add(plotter.NewGrid())
	return p
}

// ratePlot: insert rate (rows/s) over the load, one panel per client count,
// one line per key kind, on a shared y scale.
func ratePlot(rep *report, db, file string) error {
	scale, unit := 1.0, "rows"
	if rep.N >= 20_000 {
		scale, unit = 1000, "thousand rows"
	}
	var plots []*plot.Plot
	ymax := 0.0
	for _, clients := range rep.Clients {
		who := "1 client"
		if clients > 1 {
			who = fmt.Sprintf("%d concurrent clients", clients)
		}
		p := newPlot(fmt.Sprintf("%s: insert rate as the table grows, %s", dbTitle(rep, db), who),
			fmt.Sprintf("rows in the table (%s)", unit),
			fmt.Sprintf("insert rate (%s/s, per 5%% of the load)", unit))
		p.Legend.Top = true
		p.Legend.Left = false
		for _, r := range rep.Results {
			if r.DB != db || r.Clients != clients {
				continue
			}
			pts := make(plotter.XYs, 0, len(r.Chunks)+1)
			for _, c := range r.Chunks {
				pts = append(pts, plotter.XY{X: float64(c.Rows) / scale, Y: c.Rate / scale})
				ymax = max(ymax, c.Rate/scale)
			}
			line, points, err := plotter.NewLinePoints(pts)
			if err != nil {
				return err
			}
			col := kindColors[r.Kind]
			line.Color = col
			line.Width = vg.Points(1.8)
			points.Color = col
			points.Shape = kindGlyphs[r.Kind]
			points.Radius = vg.Points(3)
			p.Add(line, points)
			p.Legend.Add(fmt.Sprintf("%s (%s)", kindLabel(db, r.Kind), r.Column), line, points)
		}
		p.X.Min = 0
		p.X.Max = float64(rep.N) / scale * 1.02
		plots = append(plots, p)
	}
	for _, p := range plots {
		p.Y.Min = 0
		p.Y.Max = ymax * 1.45 // room for the legend above the lines
	}
	return saveTiles(file, plots, 7.5)
}

// sizePlot: the primary-key index per key kind (PostgreSQL: the index;
// MariaDB: the clustered index, which holds the rows), bars per client count.
func sizePlot(rep *report, file string) error {
	var plots []*plot.Plot
	for _, db := range rep.DBs {
		what := "primary-key index"
		ylabel := "pg_relation_size(primary key), MiB"
		if db == "mysql" {
			what = "clustered primary key (= the table)"
			ylabel = "data_length (clustered primary key), MiB"
		}
		p := newPlot(fmt.Sprintf("%s: %s, %s rows", dbTitle(rep, db), what, thousands(int64(rep.N))), "", ylabel)
		p.Legend.Top = true
		p.Legend.Left = true
		var names []string
		for _, k := range rep.Kinds {
			names = append(names, kindLabel(db, k))
		}
		w := vg.Points(22)
		ymax := 0.0
		for ci, clients := range rep.Clients {
			vals := make(plotter.Values, len(rep.Kinds))
			var labels []string
			var xys plotter.XYs
			for ki, k := range rep.Kinds {
				for _, r := range rep.Results {
					if r.DB == db && r.Kind == k && r.Clients == clients {
						size := r.IndexBytes
						if db == "mysql" {
							size = r.TableBytes
						}
						vals[ki] = mebi(size)
					}
				}
				ymax = max(ymax, vals[ki])
				labels = append(labels, sizeLabel(vals[ki]))
				xys = append(xys, plotter.XY{X: float64(ki), Y: vals[ki]})
			}
			bars, err := plotter.NewBarChart(vals, w)
			if err != nil {
				return err
			}
			bars.LineStyle.Width = 0
			bars.Color = barShade(ci)
			off := (float64(ci) - float64(len(rep.Clients)-1)/2) * float64(w)
			bars.Offset = vg.Length(off)
			p.Add(bars)
			who := "1 client"
			if clients > 1 {
				who = fmt.Sprintf("%d clients", clients)
			}
			p.Legend.Add(who, bars)

			lbl, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
			if err != nil {
				return err
			}
			for i := range lbl.TextStyle {
				lbl.TextStyle[i].Font.Size = vg.Points(8)
				lbl.TextStyle[i].XAlign = draw.XCenter
			}
			lbl.Offset = vg.Point{X: vg.Length(off), Y: vg.Points(3)}
			p.Add(lbl)
		}
		p.NominalX(names...)
		p.X.Tick.Label.Font.Size = vg.Points(11)
		p.Y.Min = 0
		p.Y.Max = ymax * 1.2
		plots = append(plots, p)
	}
	return saveTiles(file, plots, 7)
}

// barShade colors the bars of the i-th client count.
func barShade(i int) color.Color {
	shades := []color.RGBA{
		{R: 0x4c, G: 0x72, B: 0xb0, A: 0xff},
		{R: 0xdd, G: 0x84, B: 0x52, A: 0xff},
		{R: 0x55, G: 0xa8, B: 0x68, A: 0xff},
	}
	return shades[i%len(shades)]
}

// saveTiles draws plots side by side, each w inches wide and 4.5 high, into
// a PNG file.
func saveTiles(file string, plots []*plot.Plot, w float64) error {
	width := vg.Length(w*float64(len(plots))) * vg.Inch
	height := 4.5 * vg.Inch
	img := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(plotDPI), vgimg.UseBackgroundColor(color.White))
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: 1, Cols: len(plots), PadX: vg.Inch / 3, PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(10)}
	canvases := plot.Align([][]*plot.Plot{plots}, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[0][i])
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// sizeLabel formats a size in MiB with about three significant digits.
func sizeLabel(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// niceTicks labels about six evenly spaced round values on an axis (the
// default ticker labels as few as two), with an unlabeled tick between each.
type niceTicks struct{}

func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	raw := (hi - lo) / 6
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * p
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*p >= raw {
			step = m * p
			break
		}
	}
	decimals := 0
	if step < 1 {
		decimals = int(math.Ceil(-math.Log10(step)))
		if math.Abs(step*math.Pow(10, float64(decimals))-math.Round(step*math.Pow(10, float64(decimals)))) > 1e-9 {
			decimals++ // 0.25
		}
	} else if step != math.Trunc(step) {
		decimals = 1 // 2.5
	}
	var ticks []plot.Tick
	for i := math.Ceil(lo / step * 2); i/2*step <= hi*(1+1e-9); i++ {
		v := i / 2 * step
		if math.Mod(i, 2) == 0 {
			ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', decimals, 64)})
		} else {
			ticks = append(ticks, plot.Tick{Value: v})
		}
	}
	return ticks
}
